export interface ContractProblem {
    /** Where in the contract: `success_criteria[2] (id "c3")`, `requires[0]`, or `contract`. */
    readonly where: string;
    /** The field at fault (`pattern`, `paths[1]`), when one is. */
    readonly field?: string;
    readonly message: string;
}
export declare class ContractError extends Error {
    /** The file (or other source) the contract came from. */
    readonly source: string;
    readonly problems: readonly ContractProblem[];
    readonly name = "ContractError";
    constructor(
    /** The file (or other source) the contract came from. */
    source: string, problems: readonly ContractProblem[]);
}
