// http-errors ships no types: the test builds its classes by status, as its README shows.
declare module 'http-errors';
