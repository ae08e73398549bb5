// The embedded API server (DESIGN.md §5).
