// The Electron shell arrives with issue #6; this placeholder keeps the workspace shape of DESIGN.md.
export const DESKTOP_PLACEHOLDER = true;
