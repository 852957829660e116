// The parts of citation-js this module uses (the packages ship no type declarations).
declare module '@citation-js/core' {
  export interface FormatOptions {
    format?: 'text' | 'html' | 'string' | 'object';
    template?: string;
    lang?: string;
  }
  export class Cite {
    constructor(data?: unknown, options?: Record<string, unknown>);
    data: Record<string, unknown>[];
    format(format: string, options?: FormatOptions): string;
    static async(data: unknown, options?: Record<string, unknown>): Promise<Cite>;
  }
  export const plugins: {
    config: { get(name: string): any };
    list(): string[];
  };
}
declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/name' {
  export function parse(name: string): Record<string, string> | undefined;
  export function format(name: Record<string, string>, reversed?: boolean): string;
}
