// The one way into print/: emitters hand printModule ts-morph structures (or a statement's text) and
// take a module's text, which formatFile brings to prettier's style. How (printed directly, held to
// ts-morph and prettier by differential tests) stays inside.
export { printModule } from "./printModule.js";
export { formatFile, formatFiles } from "./formatFiles.js";
export { WIDTH } from "./lines.js";
