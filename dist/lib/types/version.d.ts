export declare const VERSION = "0.1.0";
