import { BUG_ONLY_TEXT, type Equivalent } from './shared';

const MODIFY = 'machines/modify/modify.machine.ts';
const UNPROVIDED = 'const unprovided = (name: string) => () => Promise.reject(new Error(`modify: no ${name} actor provided`));';
const BUSY = "nothing reads the modify chart's `busy` tag: its view says what is under way by the state (`canStart`, `isSavingName`, `isSavingEmail`, the avatar's phase), and no screen asks the tag. The tag marks the states in the diagrams.";
const NARROWS = (event: string) => `the action runs on ${event} only, so the event is always ${event} there; the test only narrows the type.`;

/** Surviving mutants of machines/modify/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  {
    file: MODIFY,
    mutator: 'StringLiteral',
    line: UNPROVIDED,
    reason:
      "the text of the default's error (an app that did not provide the call): each failure is said by its notice (the record could not be loaded, offline, the chooser failed, the picture could not be read), none of which carries the error. tests/machines/modify.edges.test.ts checks those notices with no call provided.",
  },
  {
    file: MODIFY,
    mutator: 'ArrowFunction',
    line: UNPROVIDED,
    original: '(name: string) =>',
    reason:
      'a default that is no function at all fails the call the moment it is started, which the chart takes as the same failure as the rejected promise: the same notices, checked by tests/machines/modify.edges.test.ts with no call provided (the inner default, answering nothing, is killed there).',
  },
  { file: MODIFY, mutator: 'StringLiteral', line: "fromPromise<ProfileLike>(unprovided('loadUser'))", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: MODIFY, mutator: 'StringLiteral', line: "unprovided('saveName')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: MODIFY, mutator: 'StringLiteral', line: "unprovided('saveEmail')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: MODIFY, mutator: 'StringLiteral', line: "unprovided('chooseAvatar')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: MODIFY, mutator: 'StringLiteral', line: "unprovided('compressAvatar')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: MODIFY, mutator: 'StringLiteral', line: "unprovided('uploadAvatar')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: MODIFY, mutator: 'ConditionalExpression', line: "editName: assign(({ event }) => (event.type === 'EDIT_NAME'", replacement: 'true', reason: NARROWS('EDIT_NAME') },
  { file: MODIFY, mutator: 'ConditionalExpression', line: "editEmail: assign(({ event }) => (event.type === 'EDIT_EMAIL'", replacement: 'true', reason: NARROWS('EDIT_EMAIL') },
  { file: MODIFY, mutator: 'ConditionalExpression', line: "keepCrop: assign(({ event }) => (event.type === 'CROP'", replacement: 'true', reason: NARROWS('CROP') },
  { file: MODIFY, mutator: 'ConditionalExpression', line: "progress: assign(({ event }) => (event.type === 'UPLOAD_PROGRESS'", replacement: 'true', reason: NARROWS('UPLOAD_PROGRESS') },
  { file: MODIFY, mutator: 'StringLiteral', line: "present(context.user, 'user', 'modify')", reason: BUG_ONLY_TEXT },
  { file: MODIFY, mutator: 'StringLiteral', line: "present(context.source, 'picture', 'modify'), crop: present(context.crop, 'crop', 'modify')", reason: BUG_ONLY_TEXT },
  { file: MODIFY, mutator: 'StringLiteral', line: "present(context.compressed, 'compressed avatar', 'modify')", reason: BUG_ONLY_TEXT },
  { file: MODIFY, mutator: 'ArrayDeclaration', line: "tags: ['busy'],", reason: BUSY },
  { file: MODIFY, mutator: 'StringLiteral', line: "tags: ['busy'],", reason: BUSY },
];
