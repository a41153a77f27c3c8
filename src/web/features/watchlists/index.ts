// Watchlists and alerts (issue #21): pages and the top bar compose these.
export { useNotifications } from "./api/get-notifications";
export { useWatchlists } from "./api/get-watchlists";
export { NotificationBell } from "./components/notification-bell";
export { NotificationsCard } from "./components/notifications-card";
export { WatchButton } from "./components/watch-button";
export { WatchlistsView } from "./components/watchlists-view";
