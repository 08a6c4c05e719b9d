// The serializer under Jest: registered by the preset's setup file, and loadable through snapshotSerializers.
const { expect, test } = require('@jest/globals');
const { reconstruct } = require('../../dist/index.cjs');
const serializerModule = require('../../dist/serializer.cjs');
const { tools, error } = require('../matchers/cases.cjs');

test('the preset registers it: a reconstruction prints as its block', () => {
  expect(reconstruct(tools)).toMatchSnapshot();
  expect(reconstruct(error)).toMatchSnapshot();
});

test('the CJS module has named test and serialize (what snapshotSerializers loads) and a default', () => {
  expect(typeof serializerModule.test).toBe('function');
  expect(typeof serializerModule.serialize).toBe('function');
  expect(serializerModule.default).toBe(serializerModule.serializer);
  expect(serializerModule.test(reconstruct(tools))).toBe(true);
  expect(serializerModule.test({ summary: 'looks like one' })).toBe(false);
});
