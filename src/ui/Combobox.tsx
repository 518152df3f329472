// Typeahead over Ark UI's combobox. Options may come from a local list (filtered here) or from a search callback
// (the caller updates `options` as the input changes). The popup is 38% of the window wide (spec part 1 section 9).
import { Combobox as ArkCombobox, useListCollection } from "@ark-ui/react/combobox";
import { useFilter } from "@ark-ui/react/locale";
import { Portal } from "@ark-ui/react/portal";
import { useEffect } from "react";
import { combobox } from "../../styled-system/recipes";
import { MESSAGES } from "../domain/messages.ts";
import { ChevronDownIcon } from "./icons.tsx";
import { type SelectOption, singleChoice } from "./Select.tsx";

interface ComboboxProps {
  label: string;
  options: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Called with the typed text, for server-side typeahead. */
  onSearch?: (text: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

export function Combobox({ label, options, value, onChange, onSearch, placeholder, disabled }: ComboboxProps) {
  const classes = combobox();
  const { contains } = useFilter({ sensitivity: "base" });
  const { collection, filter, set } = useListCollection({ initialItems: options, filter: contains });
  useEffect(() => set(options), [options, set]);
  return (
    <ArkCombobox.Root
      className={classes.root}
      collection={collection}
      {...singleChoice(value, onChange)}
      onInputValueChange={(details) => {
        if (onSearch) onSearch(details.inputValue);
        else filter(details.inputValue);
      }}
      disabled={disabled}
      openOnClick
    >
      <ArkCombobox.Label className={classes.label}>{label}</ArkCombobox.Label>
      <ArkCombobox.Control className={classes.control}>
        <ArkCombobox.Input className={classes.input} placeholder={placeholder} />
        <ArkCombobox.Trigger className={classes.trigger} aria-label="Show options">
          <ChevronDownIcon />
        </ArkCombobox.Trigger>
      </ArkCombobox.Control>
      <Portal>
        <ArkCombobox.Positioner className={classes.positioner}>
          <ArkCombobox.Content className={classes.content}>
            <ArkCombobox.Empty className={classes.empty}>{MESSAGES.noneFoundDropdown}</ArkCombobox.Empty>
            {collection.items.map((item) => (
              <ArkCombobox.Item key={item.value} item={item} className={classes.item}>
                <ArkCombobox.ItemText>{item.label}</ArkCombobox.ItemText>
              </ArkCombobox.Item>
            ))}
          </ArkCombobox.Content>
        </ArkCombobox.Positioner>
      </Portal>
    </ArkCombobox.Root>
  );
}
