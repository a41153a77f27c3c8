import { Route, Switch } from "wouter";
import { HomePage } from "./pages/home-page";
import { NotFoundPage } from "./pages/not-found-page";

export function App() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
