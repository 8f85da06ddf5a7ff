// Runs before the app's module, so a page on a dark system does not flash light first. Mantine's
// own manager keeps the choice under this key; "auto" (or none) follows the system.
try {
  const chosen = localStorage.getItem('mantine-color-scheme-value');
  const scheme =
    chosen === 'light' || chosen === 'dark'
      ? chosen
      : matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // Storage may be off (private windows); the app sets the scheme when it starts.
}
