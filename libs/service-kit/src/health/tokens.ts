/** Token under which the running service's name is injected. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
