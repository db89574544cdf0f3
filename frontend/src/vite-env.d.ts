/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API host; empty for the same origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
