// The lists feature's public surface (pages compose it).
export { AddToListButton, type AddToListButtonProps } from "./components/add-to-list-button";
export { ListsView } from "./components/lists-view";
export { SharedListView } from "./components/shared-list-view";
