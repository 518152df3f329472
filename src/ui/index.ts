// The design system: screens import components from here, never from @ark-ui directly.

export { StatusBadge, SyncMark, Tag } from "./Badge.tsx";
export { Breadcrumb, type BreadcrumbItem } from "./Breadcrumb.tsx";
export { Button, ButtonLink, type ButtonProps } from "./Button.tsx";
export { Card, CardGrid, Fact, Facts, SectionTitle, Stat, StatRow } from "./Card.tsx";
export { CardTable, type CardTableColumn, type CardTableHeader } from "./CardTable.tsx";
export { Checkbox } from "./Checkbox.tsx";
export { Combobox } from "./Combobox.tsx";
export { ConfirmDialog } from "./ConfirmDialog.tsx";
export { type DataTableColumn, DataTableHead } from "./DataTableHead.tsx";
export { DateInput } from "./DateInput.tsx";
export { Dialog } from "./Dialog.tsx";
export { DialogButtons } from "./DialogButtons.tsx";
export { FileButton } from "./FileButton.tsx";
export { type DialogForm, FormDialog } from "./FormDialog.tsx";
export { type FramedColumn, FramedTable } from "./FramedTable.tsx";
export { ListCard, ListRow, ListRows, type RowLink } from "./List.tsx";
export { Loading, LoadingIndicator } from "./Loading.tsx";
export { Menu } from "./Menu.tsx";
export { EmptyState, ErrorBlock, Note } from "./Message.tsx";
export { ActionDialog, MountedDialog } from "./MountedDialog.tsx";
export { PHONE_QUERY, useMediaQuery } from "./media.ts";
export { EmptyPage, LoadingPage, Page, PageHeader } from "./Page.tsx";
export { PageTitle } from "./PageTitle.tsx";
export { Panels } from "./Panels.tsx";
export { PickCheckbox, togglePick } from "./PickCheckbox.tsx";
export { RowEditDelete, RowSaveCancel } from "./RowActions.tsx";
export { ScrollRegion } from "./ScrollRegion.tsx";
export { SecretText } from "./SecretText.tsx";
export { Select, SelectField } from "./Select.tsx";
export { type StepPill, StepPills } from "./StepPills.tsx";
export { Switch } from "./Switch.tsx";
export { type LinkTab, LinkTabs, TabStrip, Tabs } from "./Tabs.tsx";
export { FieldError, FormGrid, formGrid, fullRow, TextField } from "./TextField.tsx";
export { Toasts, toast } from "./Toast.tsx";
export { Tooltip } from "./Tooltip.tsx";
export {
  dataTable,
  dataTableCard,
  dateCell,
  linkClass,
  mutedText,
  tableClass,
  tableScroll,
  tableStyles,
} from "./table.ts";
