import { create } from 'zustand';

/** Component state the bar, the keys and the dialogs share; never persisted. */
interface PlayerUiState {
  shortcutsOpen: boolean;
  upNextOpen: boolean;
  setShortcutsOpen: (open: boolean) => void;
  setUpNextOpen: (open: boolean) => void;
}

export const usePlayerUi = create<PlayerUiState>()((set) => ({
  shortcutsOpen: false,
  upNextOpen: false,
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  setUpNextOpen: (upNextOpen) => set({ upNextOpen }),
}));
