// All recipes, handed to panda.config.ts. Components use them through styled-system/recipes.
import { avatar, badge, button, card, input } from "./controls.ts";
import { dataGrid } from "./data-grid.ts";
import { list, panels } from "./lists.ts";
import { combobox, dialog, menu, select, toast, tooltip } from "./overlays.ts";
import { checkbox, switchRecipe, tabs } from "./toggles.ts";

export const recipes = { button, input, card, badge, avatar };
export const slotRecipes = {
  dialog,
  menu,
  select,
  combobox,
  tooltip,
  toast,
  tabs,
  checkbox,
  switchRecipe,
  dataGrid,
  list,
  panels,
};
