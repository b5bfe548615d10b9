/** The part of jsonld (9.x, no types of its own) the federation tests use: expansion, with safe mode. */
declare module 'jsonld' {
  interface RemoteDocument {
    contextUrl: string | null;
    document: unknown;
    documentUrl: string;
  }
  interface ExpandOptions {
    documentLoader?: (url: string) => Promise<RemoteDocument>;
    /** Refuse, rather than drop, a term or value that does not expand (jsonld.js 8+). */
    safe?: boolean;
  }
  const jsonld: { expand(input: object, options?: ExpandOptions): Promise<Array<Record<string, unknown>>> };
  export default jsonld;
}
