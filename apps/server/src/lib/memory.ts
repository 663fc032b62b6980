import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection, for long streaming work (an export of 50k rows) that makes a great
 * deal of short-lived garbage: V8 lets the old generation grow well past what is alive before it
 * collects (the export held ~45 MB live but let the heap reach ~140 MB), and the process keeps
 * that memory. Collecting every few thousand rows keeps the process near its live size
 * (docs/decisions/0019). Each call stops the process for a few milliseconds: call it rarely.
 */
let gc: (() => void) | null = null;
export function collectGarbage(): void {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) gc = exposed;
    else {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    }
  }
  gc();
}
