import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'onDark';
export type ButtonSize = 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const VARIANTS: Readonly<Record<ButtonVariant, string>> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  ghost: 'text-brand-800 underline-offset-4 hover:bg-brand-50 hover:underline',
  onDark: 'on-dark border-2 border-white/80 bg-black/20 text-white hover:bg-black/35',
};

const SIZES: Readonly<Record<ButtonSize, string>> = {
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-13 px-6 text-lg',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The classes of a button; links that look like buttons use them too. */
export function buttonClasses({ variant = 'primary', size = 'md', block = false }: ButtonStyle = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}${block ? ' w-full' : ''}`;
}

export type ButtonProps = ComponentProps<'button'> & ButtonStyle;

export function Button({ variant, size, block, className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClasses({ variant, size, block })}${className ? ` ${className}` : ''}`}
      {...props}
    />
  );
}
