import { ROUTE } from '../../shared/navigation/routes';

/**
 * An article of the help centre, by its question id. Here, not in HelpScreen, so the article page's
 * chunk does not take in the help centre and its feedback form.
 */
export const helpDetailHref = (questionId: string) => `${ROUTE.helpDetail.path}?${new URLSearchParams({ id: questionId }).toString()}`;

/** The help route's query that shows the feedback form instead of the questions. */
export const FEEDBACK_VIEW = 'feedback';
