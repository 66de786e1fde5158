// cardmap/jsx: types only (jsx.d.mts); this module is empty, so that importing it at run time is harmless.
export {};
