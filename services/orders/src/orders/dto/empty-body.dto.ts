/** A call that takes no body: any field sent is rejected by the validation pipe. */
export class EmptyBodyDto {}
