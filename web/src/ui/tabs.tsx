import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Tab, TabList, TabPanel } from './tabs.styles';

export interface TabItem<V extends string = string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<V extends string> {
  items: readonly TabItem<V>[];
  /** Accessible name of the tab list. */
  label: string;
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  fullWidth?: boolean;
  /** Keep inactive panels mounted (hidden), so their form state survives switching tabs. */
  keepMounted?: boolean;
}

/**
 * WAI-ARIA tabs: one tab stop for the list (roving tabindex), arrow keys, Home and End move
 * between tabs and select them; only the selected panel is rendered.
 */
export function Tabs<V extends string>({ items, label, value, defaultValue, onValueChange, fullWidth, keepMounted }: TabsProps<V>) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState<V | undefined>(defaultValue ?? items[0]?.value);
  const selected = value ?? uncontrolled;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(next: V) {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
    select(items[target]!.value);
  }

  const active = items.find((item) => item.value === selected) ?? items[0];
  return (
    <div>
      <TabList role="tablist" aria-label={label} $fullWidth={fullWidth}>
        {items.map((item, index) => {
          const isSelected = item.value === active?.value;
          return (
            <Tab
              key={item.value}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${item.value}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(item.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </Tab>
          );
        })}
      </TabList>
      {items
        .filter((item) => keepMounted || item.value === active?.value)
        .map((item) => (
          <TabPanel
            key={item.value}
            role="tabpanel"
            id={`${baseId}-panel-${item.value}`}
            aria-labelledby={`${baseId}-tab-${item.value}`}
            hidden={item.value !== active?.value}
            tabIndex={0}
          >
            {item.content}
          </TabPanel>
        ))}
    </div>
  );
}
