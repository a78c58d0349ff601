/** The tab bar (WAI-ARIA tabs: arrow keys move between tabs). */
export type TabId = "facts" | "rate" | "tools" | "batch";

const TABS: readonly (readonly [TabId, string])[] = [
  ["facts", "Puzzle facts"],
  ["rate", "Rate and explain"],
  ["tools", "Grid tools"],
  ["batch", "Batch"],
];

export function Tabs({ tab, onTab }: { tab: TabId; onTab: (tab: TabId) => void }) {
  const onKeyDown = (event: KeyboardEvent): void => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    const at = TABS.findIndex(([id]) => id === tab);
    const next = TABS[(at + step + TABS.length) % TABS.length][0];
    onTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <div class="tabs" role="tablist" aria-label="Tools" onKeyDown={onKeyDown}>
      {TABS.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          data-testid={`tab-${id}`}
          aria-selected={tab === id}
          aria-controls={`panel-${id}`}
          tabIndex={tab === id ? 0 : -1}
          onClick={() => onTab(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
