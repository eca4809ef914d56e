/** The colour of the AI's marks on the image, and of the finding control's words for "it is on screen". */
export const AI_MARK_COLOUR = '#FFD400';
