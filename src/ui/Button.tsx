import type { ButtonHTMLAttributes } from "react";
import { cx } from "../../styled-system/css";
import { type ButtonVariantProps, button } from "../../styled-system/recipes";
import { Spinner } from "./icons.tsx";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariantProps & {
    /** Shows a spinner, keeps the label for screen readers and blocks clicks. */
    loading?: boolean;
  };

export function Button({ variant, size, loading = false, className, children, disabled, ...props }: ButtonProps) {
  return (
    <button
      type="button"
      {...props}
      className={cx(button({ variant, size }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

/** A link styled as a button (for full page loads to server routes such as /authenticate/*). */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & ButtonVariantProps) {
  return <a {...props} className={cx(button({ variant, size }), className)} />;
}
