// The Foundation-only library a snippet imports (DESIGN.md §6).
