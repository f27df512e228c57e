export declare const LOCAL_DIR: string;
export declare function localBuildDir(root: string): string;
export declare function currentLocalCli(root: string): string | undefined;
export declare function transpile(root: string, out: string): Promise<void>;
export declare function buildLocalCli(root: string): Promise<string>;
