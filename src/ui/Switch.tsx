import { Switch as ArkSwitch } from "@ark-ui/react/switch";
import type { ReactNode } from "react";
import { switchRecipe } from "../../styled-system/recipes";

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
}

export function Switch({ checked, onChange, children, disabled }: SwitchProps) {
  const classes = switchRecipe();
  return (
    <ArkSwitch.Root
      className={classes.root}
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked)}
      disabled={disabled}
    >
      <ArkSwitch.Control className={classes.control}>
        <ArkSwitch.Thumb className={classes.thumb} />
      </ArkSwitch.Control>
      <ArkSwitch.Label className={classes.label}>{children}</ArkSwitch.Label>
      <ArkSwitch.HiddenInput />
    </ArkSwitch.Root>
  );
}
