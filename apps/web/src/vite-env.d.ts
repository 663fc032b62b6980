/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin; empty means the same origin (the server serves the app). */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
