import { Checkbox as ArkCheckbox } from "@ark-ui/react/checkbox";
import type { ReactNode } from "react";
import { checkbox } from "../../styled-system/recipes";
import { CheckIcon } from "./icons.tsx";

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
  name?: string;
  invalid?: boolean;
}

export function Checkbox({ checked, onChange, children, disabled, name, invalid }: CheckboxProps) {
  const classes = checkbox();
  return (
    <ArkCheckbox.Root
      className={classes.root}
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      disabled={disabled}
      invalid={invalid}
      name={name}
    >
      <ArkCheckbox.Control className={classes.control}>
        <ArkCheckbox.Indicator>
          <CheckIcon width={12} height={12} strokeWidth={3} />
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      <ArkCheckbox.Label className={classes.label}>{children}</ArkCheckbox.Label>
      <ArkCheckbox.HiddenInput />
    </ArkCheckbox.Root>
  );
}
