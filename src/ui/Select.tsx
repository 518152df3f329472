import { Portal } from "@ark-ui/react/portal";
import { Select as ArkSelect, createListCollection } from "@ark-ui/react/select";
import { type ReactNode, useMemo } from "react";
import { select } from "../../styled-system/recipes";
import { MESSAGES } from "../domain/messages.ts";
import { CheckIcon, ChevronDownIcon } from "./icons.tsx";
import { FieldError } from "./TextField.tsx";

export interface SelectOption {
  label: string;
  value: string;
  disabled?: boolean;
}

/** One chosen value (or none) as Ark's list of values, both ways: a Root's `value` and `onValueChange`. */
export function singleChoice(value: string | null, onChange: (value: string | null) => void) {
  return {
    value: value ? [value] : [],
    onValueChange: (details: { value: string[] }) => onChange(details.value[0] ?? null),
  };
}

interface SelectProps {
  label: string;
  options: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
}

export function Select({ label, options, value, onChange, placeholder = "Select…", disabled, name }: SelectProps) {
  const classes = select();
  const collection = useMemo(() => createListCollection({ items: options }), [options]);
  return (
    <ArkSelect.Root
      className={classes.root}
      collection={collection}
      {...singleChoice(value, onChange)}
      disabled={disabled}
      name={name}
      // Fixed and not portalled: inside a modal dialog a portalled list is aria-hidden (unreachable) and an
      // absolute one is clipped by the dialog's scroll box.
      positioning={{ sameWidth: true, strategy: "fixed" }}
    >
      <ArkSelect.Label className={classes.label}>{label}</ArkSelect.Label>
      <ArkSelect.Control>
        <ArkSelect.Trigger className={classes.trigger}>
          <ArkSelect.ValueText placeholder={placeholder} />
          <ArkSelect.Indicator className={classes.indicator}>
            <ChevronDownIcon />
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      <Portal disabled>
        <ArkSelect.Positioner>
          <ArkSelect.Content className={classes.content}>
            {options.length === 0 && <div className={classes.item}>{MESSAGES.noneFoundDropdown}</div>}
            {collection.items.map((item) => (
              <ArkSelect.Item key={item.value} item={item} className={classes.item}>
                <ArkSelect.ItemText>{item.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator className={classes.itemIndicator}>
                  <CheckIcon />
                </ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))}
          </ArkSelect.Content>
        </ArkSelect.Positioner>
      </Portal>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}

/** A Select in a form: the select, its error line under it, then any note (`children`), in one block of the form. */
export function SelectField({
  error,
  className,
  children,
  ...select
}: SelectProps & { error?: string; className?: string; children?: ReactNode }) {
  return (
    <div className={className}>
      <Select {...select} />
      <FieldError text={error} />
      {children}
    </div>
  );
}
