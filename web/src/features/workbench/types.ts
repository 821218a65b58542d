/** A prompt the workbench fills: a saved one (with its id), a library prompt, or a shared one. */
export interface WorkbenchPrompt {
  id?: string;
  title: string;
  body: string;
}
