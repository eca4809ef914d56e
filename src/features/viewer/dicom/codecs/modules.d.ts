// The Cornerstone codec builds and jpeg-lossless-decoder-js ship no usable types; each codec file
// describes the part it uses.

declare module '@cornerstonejs/codec-libjpeg-turbo-8bit/decodewasmjs' {
  const factory: (options?: { locateFile?: (path: string, prefix: string) => string; print?: (text: string) => void }) => Promise<unknown>;
  export default factory;
}

declare module '@cornerstonejs/codec-charls/decodewasmjs' {
  const factory: (options?: { locateFile?: (path: string, prefix: string) => string; print?: (text: string) => void }) => Promise<unknown>;
  export default factory;
}

declare module '@cornerstonejs/codec-openjpeg/decodewasmjs' {
  const factory: (options?: { locateFile?: (path: string, prefix: string) => string; print?: (text: string) => void }) => Promise<unknown>;
  export default factory;
}

declare module 'jpeg-lossless-decoder-js' {
  export class Decoder {
    /** Decodes `length` bytes from `offset` of `buffer`; `numBytes` per sample (1 or 2). */
    decode(buffer: ArrayBuffer, offset: number, length: number, numBytes?: number): Uint8Array | Uint16Array;
    xDim: number;
    yDim: number;
    numComp: number;
  }
}
