/**
 * POST /api/products takes an empty body: it creates a sample product for the
 * admin to edit. Any field sent is rejected (the DTO declares none).
 */
export class CreateProductDto {}
