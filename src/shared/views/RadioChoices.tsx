import type { ReactNode } from 'react';
import * as form from './form.css';

/**
 * One choice of a few, as large buttons side by side (a segmented control) or as cards: the
 * collect method, a package's format, a share's expiry. A radiogroup a screen reader reads as such.
 */
export function RadioChoices<T extends string | number>(props: {
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  renderOption: (option: T) => ReactNode;
  testId: (option: T) => string;
  /** The group's name: its text, or the id of the heading that names it. */
  label: { text: string } | { by: string };
  disabled?: boolean;
  className?: string;
  optionClassName?: string;
}) {
  const naming = 'text' in props.label ? { 'aria-label': props.label.text } : { 'aria-labelledby': props.label.by };
  return (
    <div className={props.className ?? form.segments} role="radiogroup" {...naming}>
      {props.options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={props.value === option}
          className={props.optionClassName ?? form.segment}
          onClick={() => props.onChange(option)}
          disabled={props.disabled}
          data-testid={props.testId(option)}
        >
          {props.renderOption(option)}
        </button>
      ))}
    </div>
  );
}
