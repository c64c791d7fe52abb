// The one way into print/: emitters hand printModule structures or texts; formatFile brings them to prettier's style.
export { printModule } from "./printModule.js";
export { formatFile, formatFiles } from "./formatFiles.js";
export { WIDTH } from "./lines.js";
