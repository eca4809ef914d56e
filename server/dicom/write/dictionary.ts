import { createRequire } from 'node:module';

/** A data element's tag and Value Representation, as the standard's data dictionary gives them. */
export interface DictionaryEntry {
  tag: number;
  vr: string;
}

interface DcmjsEntry {
  tag: string;
  vr: string;
}

// dcmjs ships no types; the writer needs only its keyword dictionary (PS3.6), read once.
const require = createRequire(import.meta.url);
let nameMap: Record<string, DcmjsEntry | undefined> | undefined;

function dictionary(): Record<string, DcmjsEntry | undefined> {
  nameMap ??= (require('dcmjs') as { data: { DicomMetaDictionary: { nameMap: Record<string, DcmjsEntry> } } }).data
    .DicomMetaDictionary.nameMap;
  return nameMap;
}

/**
 * The tag and VR of a DICOM keyword (`PatientName` → 0x00100010, PN). Where the standard leaves the
 * VR to the pixel format ("US or SS", "OB or OW"), `signed` and `wide` decide.
 */
export function lookUp(keyword: string, pixel: { signed: boolean; wide: boolean }): DictionaryEntry {
  const entry = dictionary()[keyword];
  if (!entry) throw new Error(`writeDicom: unknown DICOM keyword "${keyword}"`);
  const tag = Number.parseInt(entry.tag.replace(/[(),]/g, ''), 16);
  const vr = entry.vr === 'xs' || entry.vr === 'US or SS' ? (pixel.signed ? 'SS' : 'US')
    : entry.vr === 'ox' || entry.vr === 'OB or OW' ? (pixel.wide ? 'OW' : 'OB')
    : entry.vr === 'up' ? 'UL'
    : entry.vr === 'lt' ? 'US'
    : entry.vr;
  if (!/^[A-Z]{2}$/.test(vr)) throw new Error(`writeDicom: no single VR for "${keyword}" (${entry.vr})`);
  return { tag, vr };
}
