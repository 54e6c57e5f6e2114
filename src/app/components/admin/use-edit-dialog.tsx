import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/app/components/ui/button';

/**
 * A back-office list's add / edit dialog: closed, adding a new item, or editing one. `addButton`
 * opens it empty (the page shows one beside its title and one in its empty state).
 */
export function useEditDialog<T>() {
  // null: closed; 'new': adding; an item: editing it.
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    open: editing !== null,
    /** What the dialog edits: null when adding. */
    item: editing === 'new' ? null : editing,
    edit: (item: T) => setEditing(item),
    close: () => setEditing(null),
    addButton: (label: string) => (
      <Button onClick={() => setEditing('new')}>
        <Plus aria-hidden className="size-5" />
        {label}
      </Button>
    ),
  };
}
