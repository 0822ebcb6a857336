// Minimal types for svg-to-pdfkit 0.1.8, which ships none. Only what the print renderer uses.
declare module 'svg-to-pdfkit' {
  interface SVGtoPDFOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    assumePt?: boolean;
    precision?: number;
    warningCallback?: (message: string) => void;
    /** Returns what is handed to doc.openImage for an <image> element (a file path by default). */
    imageCallback?: (link: string) => string | Uint8Array;
    /** Returns the SVG for an external <use> reference; external references are ignored when absent. */
    documentCallback?: (file: string) => unknown;
    fontCallback?: (
      family: string,
      bold: boolean,
      italic: boolean,
      fontOptions: { fauxBold?: boolean; fauxItalic?: boolean },
    ) => string;
  }

  function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x?: number, y?: number, options?: SVGtoPDFOptions): void;

  export = SVGtoPDF;
}
