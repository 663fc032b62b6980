import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/**
 * A drawn signature (signature_pad): finger, pen or mouse; `onChange` gets a PNG data URL after
 * each stroke, or null when cleared. Drawing is optional — the typed name is the signature
 * anyone can give from a keyboard — so the pad only adds to it.
 */
export function SignaturePadField({ onChange, id }: { onChange: (png: string | null) => void; id?: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: '#1f1f1f', minWidth: 0.8, maxWidth: 2.4 });
    pad.current = signature;
    // The canvas is as sharp as the screen: its pixels follow the shown size and the pixel ratio.
    // A resize clears it (the drawing would be distorted), and says so.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = element.offsetWidth;
      const height = element.offsetHeight;
      if (width === 0 || element.width === Math.round(width * ratio)) return;
      element.width = Math.round(width * ratio);
      element.height = Math.round(height * ratio);
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      setEmpty(true);
      change.current(null);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    const onEnd = () => {
      setEmpty(signature.isEmpty());
      change.current(signature.isEmpty() ? null : signature.toDataURL('image/png'));
    };
    signature.addEventListener('endStroke', onEnd);
    return () => {
      observer.disconnect();
      signature.removeEventListener('endStroke', onEnd);
      signature.off();
      pad.current = null;
    };
  }, []);

  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        id={id}
        className="signature-pad__canvas"
        role="img"
        aria-label={empty ? t('legalDocs.sign.padEmpty') : t('legalDocs.sign.padDrawn')}
      />
      <div className="signature-pad__bar">
        <span className="signature-pad__hint">{t('legalDocs.sign.padHint')}</span>
        <Button
          size="small"
          disabled={empty}
          onClick={() => {
            pad.current?.clear();
            setEmpty(true);
            onChange(null);
          }}
        >
          {t('legalDocs.sign.padClear')}
        </Button>
      </div>
    </div>
  );
}
