export declare const placeholder = 1;
