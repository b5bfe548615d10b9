import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { createContext, useContext, useEffect, useMemo, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './sortable.css';

/*
 * Drag and drop reordering of a vertical list (@dnd-kit): a row is dragged by its handle with the
 * mouse or a finger, or with the keyboard (focus the handle, Space or Enter picks the row up, the
 * arrow keys move it, Space or Enter drops it, Escape puts it back), and a screen reader is told
 * each step in the page's language. The module (and @dnd-kit) is imported only by lazy chunks:
 * a playlist, the Up Next panel and the studio's release form.
 */

export interface SortableListProps {
  /** The rows' ids, in the order shown. */
  ids: readonly string[];
  /** What a row is called in the announcements (a track's title). */
  nameOf: (id: string) => string;
  /** A row was dropped at another index (indexes into `ids`). */
  onMove: (id: string, from: number, to: number) => void;
  children: ReactNode;
}

export function SortableList({ ids, nameOf, onMove, children }: SortableListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A few pixels before a press becomes a drag, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const items = useMemo(() => [...ids], [ids]);
  // dnd-kit re-subscribes its announcer when the announcements change: one object for the list's
  // life, reading the latest rows and names.
  const latest = useRef({ ids, nameOf, t });
  useEffect(() => {
    latest.current = { ids, nameOf, t };
  });
  // A drag starts over its own row: that first 'over' would replace 'Picked up' before it is read.
  const starting = useRef(false);
  const announcements = useMemo<Announcements>(() => {
    const say = (key: 'sortable.pickedUp' | 'sortable.movedTo' | 'sortable.outside' | 'sortable.dropped' | 'sortable.cancelled', id: UniqueIdentifier, at?: UniqueIdentifier) => {
      const { ids: rows, nameOf: name, t: translate } = latest.current;
      return translate(key, { name: name(String(id)), position: at === undefined ? 0 : rows.indexOf(String(at)) + 1, total: rows.length });
    };
    return {
      onDragStart: ({ active }) => {
        starting.current = true;
        return say('sortable.pickedUp', active.id, active.id);
      },
      onDragOver: ({ active, over }) => {
        const first = starting.current;
        starting.current = false;
        if (first && over?.id === active.id) return undefined;
        return over ? say('sortable.movedTo', active.id, over.id) : say('sortable.outside', active.id);
      },
      onDragEnd: ({ active, over }) => (over ? say('sortable.dropped', active.id, over.id) : say('sortable.cancelled', active.id)),
      onDragCancel: ({ active }) => say('sortable.cancelled', active.id),
    };
  }, []);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(String(active.id), from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('sortable.instructions') } }}
      // Scrolls the page only when the pointer is close to its edge.
      autoScroll={{ threshold: { x: 0, y: 0.1 } }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

type Sortable = ReturnType<typeof useSortable>;
interface Handle {
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
  /** Binds the handle's element (dnd-kit's setActivatorNodeRef: focus returns there after a keyboard drag). */
  bindActivator: Sortable['setActivatorNodeRef'];
  disabled: boolean;
}
const HandleContext = createContext<Handle | null>(null);

export interface SortableItemProps extends HTMLAttributes<HTMLLIElement> {
  id: string;
  disabled?: boolean;
  children: ReactNode;
}

/** A row (<li>) of a SortableList; its DragHandle, anywhere inside it, moves it. */
export function SortableItem({ id, disabled = false, className, style, children, ...props }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = useMemo<Handle>(() => ({ attributes, listeners, bindActivator: setActivatorNodeRef, disabled }), [attributes, listeners, setActivatorNodeRef, disabled]);
  return (
    <li
      ref={setNodeRef}
      className={`${className ?? ''} sortable-item ${isDragging ? 'sortable-item--dragging' : ''}`}
      style={{ ...style, transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging ? 'true' : undefined}
      {...props}
    >
      <HandleContext.Provider value={handle}>{children}</HandleContext.Provider>
    </li>
  );
}

/** The grip that drags its SortableItem: a button named "Reorder {title}", keyboard-operable. */
export function DragHandle({ label, className }: { label: string; className?: string }) {
  const handle = useContext(HandleContext);
  if (!handle) return null;
  const { bindActivator, attributes, listeners, disabled } = handle;
  return (
    <button
      type="button"
      ref={bindActivator}
      className={`drag-handle ${className ?? ''}`}
      {...attributes}
      {...listeners}
      disabled={disabled}
      aria-label={label}
      title={label}
      // The row's own click (play) is not a drag's.
      onClick={(event) => event.stopPropagation()}
    >
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        <circle cx="9" cy="6" r="1.6" />
        <circle cx="15" cy="6" r="1.6" />
        <circle cx="9" cy="12" r="1.6" />
        <circle cx="15" cy="12" r="1.6" />
        <circle cx="9" cy="18" r="1.6" />
        <circle cx="15" cy="18" r="1.6" />
      </svg>
    </button>
  );
}
