import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';

export const USER_NOT_FOUND = 'User not found';
export const USER_ALREADY_EXISTS = 'User already exists';
export const NOT_AN_ADMIN = 'Not authorized as an admin';

export const userNotFound = () => new NotFoundException(USER_NOT_FOUND);
export const userAlreadyExists = () => new BadRequestException(USER_ALREADY_EXISTS);
export const notAnAdmin = () => new ForbiddenException(NOT_AN_ADMIN);
