/**
 * The owner of user-supplied data (Trust III, issue #33): the one user who supplied it and may see
 * it. Data without an owner is public (a live source, or an admin). Issue "Teams" widens the owner
 * to a workspace; this type is the one place that says who it is.
 */
export interface DataOwner {
  userId: string;
}
