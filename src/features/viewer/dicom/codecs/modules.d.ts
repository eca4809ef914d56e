// The Cornerstone codec builds ship no usable types; each codec file
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

