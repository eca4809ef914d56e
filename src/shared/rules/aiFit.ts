/**
 * Which AI analyses fit a study (issue 24 §1): a channel analyses studies of its modalities, and of
 * its body parts when it names them. The sandbox offers only the channels that fit, and the app
 * offers only those too, whatever a hospital's backend sends. One rule for both.
 */
export interface ChannelFit {
  modalities: readonly string[];
  /** null: any body part of its modalities. */
  bodyParts: readonly string[] | null;
}

const normal = (value: string) => value.trim().toUpperCase();

export function channelFits(fit: ChannelFit, study: { modality: string; bodyPart: string | null }): boolean {
  if (!fit.modalities.map(normal).includes(normal(study.modality))) return false;
  if (fit.bodyParts === null) return true;
  const part = study.bodyPart?.trim();
  return Boolean(part) && fit.bodyParts.some((named) => named.trim() === part);
}
