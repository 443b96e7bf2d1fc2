/**
 * A class-validator DTO class (`class CreateUserDto { @IsString() name!: string }`). Kept apart
 * from the converter so the public types never reference the optional peers.
 */
export type DtoClass<T extends object = object> = abstract new (...args: never[]) => T;
