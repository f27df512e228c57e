export declare const TABLE_NAME: RegExp;
