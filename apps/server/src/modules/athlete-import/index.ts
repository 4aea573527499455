// The athlete-import module's surface: what other modules use. Another module imports only from '../athlete-import' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export {};
