import { LIST_NAME_MAX } from "#core/schemas/lists";
import { Input } from "../../../components/ui/input";

/** The new list's name field (the lists page and the add-to-list dialog), bounded as the API is. */
export function ListNameInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (name: string) => void;
}) {
  return (
    <Input
      id={id}
      value={value}
      maxLength={LIST_NAME_MAX}
      placeholder="e.g. Spring campaign"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
