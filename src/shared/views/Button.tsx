import type { ButtonHTMLAttributes, Ref } from 'react';
import * as ui from './ui.css';

export function Button(props: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger'; ref?: Ref<HTMLButtonElement> }) {
  const { variant = 'primary', className, type = 'button', ...rest } = props;
  return <button type={type} className={className ? `${ui.button[variant]} ${className}` : ui.button[variant]} {...rest} />;
}
